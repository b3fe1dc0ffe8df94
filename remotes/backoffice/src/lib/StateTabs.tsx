import { Link, useSearchParams } from '@preloved/shared/router';
import styles from './StateTabs.module.css';

/**
 * A list's filter by state as links (`?state=`), so a view can be shared and the back button works;
 * the current one is marked for screen readers too. Changing the state starts again at page 1.
 */
export function StateTabs({ label, param, current, options }: { label: string; param: string; current: string; options: Array<[string, string]> }) {
  const [params] = useSearchParams();
  const href = (value: string) => {
    const next = new URLSearchParams(params);
    next.set(param, value);
    next.delete('page');
    return `?${next.toString()}`;
  };
  return (
    <nav aria-label={label}>
      <ul className={styles.tabs}>
        {options.map(([value, text]) => (
          <li key={value}>
            <Link to={href(value)} className={styles.tab} aria-current={value === current ? 'page' : undefined}>
              {text}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
