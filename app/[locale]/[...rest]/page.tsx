import { notFound } from 'next/navigation';

/** Any address the app does not serve: the 404 screen (app/[locale]/not-found.tsx) with a 404 status. */
export default function UnknownPage() {
  notFound();
}
