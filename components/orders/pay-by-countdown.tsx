'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { timeLeft } from '@/lib/orders/pay-by-text';
import classes from './pay-by-countdown.module.css';

/**
 * The time left to pay, counted down each half minute. The first render uses the server's clock
 * (`serverNow`), so the hydrated page says exactly what the server sent; the browser's clock takes
 * over only after mount.
 */
export function PayByCountdown({ payBy, serverNow }: { payBy: number; serverNow: number }) {
  const t = useTranslations('orders');
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 30_000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, []);
  const left = timeLeft(payBy, now);
  return (
    <span className={classes.countdown} data-testid="order-pay-countdown">
      {left.over ? t('payByOver') : t('payByLeft', { hours: left.hours, minutes: left.minutes })}
    </span>
  );
}
