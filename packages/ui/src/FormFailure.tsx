import type { ReactNode } from 'react';
import styles from './FormFailure.module.css';

/** Why a form was refused as a whole (not one field's problem), announced as it appears. */
export function FormFailure({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p className={styles.failure} role="alert">
      {children}
    </p>
  );
}
