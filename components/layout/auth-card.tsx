import type { ReactNode } from 'react';
import classes from './auth-card.module.css';

/** The card of the login and sign-up screens: a title, the conference below it, and the form in a bordered box (server HTML). */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <div className={classes.container}>
      <h1 className={classes.title}>{title}</h1>
      {subtitle && <p className={classes.subtitle}>{subtitle}</p>}
      <div className={classes.card}>{children}</div>
    </div>
  );
}
