import { notFound } from 'next/navigation';
import { requirePage } from '@/lib/auth/require-page';

/** The 404 screen asked for by its address: the same screen, with a 404 status. */
export default async function Page() {
  await requirePage('/404');
  notFound();
}
