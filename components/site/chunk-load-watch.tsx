import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { CHUNK_LOAD_TIMEOUT_MS, chunkWatchScript } from './chunk-watch-script';

/** The chunk-load watcher as an inline script with the request's nonce (the page policy runs nothing else inline). */
export async function ChunkLoadWatch({ locale }: { locale: string }) {
  const [t, h] = await Promise.all([getTranslations({ locale, namespace: 'chunkLoad' }), headers()]);
  return (
    <script
      nonce={h.get('x-nonce') ?? undefined}
      // The browser hides a nonce from the DOM after reading it; React must not call that a mismatch.
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: chunkWatchScript(CHUNK_LOAD_TIMEOUT_MS, t('failed'), t('reload')) }}
    />
  );
}
