'use client';

import { Button, Stack, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';

type Controls = { stop: () => void };

/**
 * The phone's camera reading QR codes. The decoder (@zxing/browser) is loaded only when the camera is switched on,
 * so the page stays light; the back camera is asked for. Each code read is handed to onScan once (the same code is
 * not read again for three seconds).
 */
export function QrScanner({ onScan }: { onScan: (text: string) => void }) {
  const t = useTranslations('checkin');
  const video = useRef<HTMLVideoElement>(null);
  const controls = useRef<Controls | null>(null);
  const last = useRef<{ text: string; at: number }>({ text: '', at: 0 });
  const handler = useRef(onScan);
  useEffect(() => {
    handler.current = onScan;
  }, [onScan]);
  const [on, setOn] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!on) return;
    let cancelled = false;
    (async () => {
      try {
        const { BrowserQRCodeReader } = await import('@zxing/browser');
        if (cancelled || !video.current) return;
        const reader = new BrowserQRCodeReader(undefined, { delayBetweenScanAttempts: 150 });
        const started = await reader.decodeFromConstraints({ video: { facingMode: 'environment' } }, video.current, (result) => {
          if (!result) return;
          const text = result.getText();
          const now = Date.now();
          if (text === last.current.text && now - last.current.at < 3000) return;
          last.current = { text, at: now };
          handler.current(text);
        });
        if (cancelled) started.stop();
        else controls.current = started;
      } catch {
        if (!cancelled) {
          setError(t('cameraError'));
          setOn(false);
        }
      }
    })();
    return () => {
      cancelled = true;
      controls.current?.stop();
      controls.current = null;
    };
  }, [on, t]);

  return (
    <Stack gap="xs">
      <Button
        size="lg"
        fullWidth
        variant={on ? 'default' : 'filled'}
        onClick={() => {
          setError(null);
          setOn((v) => !v);
        }}
        data-testid="checkin-camera"
      >
        {on ? t('cameraOff') : t('cameraOn')}
      </Button>
      {on && (
        <video
          ref={video}
          muted
          playsInline
          aria-label={t('cameraLabel')}
          style={{ width: '100%', maxHeight: '50vh', objectFit: 'cover', borderRadius: 8, background: '#000' }}
          data-testid="checkin-video"
        />
      )}
      {error && (
        <Text c="red.8" size="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
