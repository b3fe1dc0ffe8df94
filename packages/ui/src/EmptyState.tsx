import type { ReactNode } from 'react';
import styles from './EmptyState.module.css';

/** An empty or error state that says what happened and what to do next. */
export function EmptyState({
  title,
  children,
  action,
  role,
}: {
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  role?: 'alert' | 'status';
}) {
  return (
    <section className={styles.empty} role={role}>
      <h2 className={styles.title}>{title}</h2>
      {children ? <div className={styles.text}>{children}</div> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </section>
  );
}
