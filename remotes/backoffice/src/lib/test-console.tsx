import type { StaffMember, StaffRole } from '@preloved/contract';
import { renderWithProviders } from '@preloved/shared/test-utils';
import type { ReactElement } from 'react';
import '../i18n';
import { SessionContext } from './session';

/** A member of staff of each role, for component tests. */
export const member = (role: StaffRole): StaffMember => ({ id: 7, email: `${role}@brand.example`, name: `Ana ${role}`, role });

/**
 * A console page as the frame renders it once the member is signed in: their session around it, at
 * `route` matched by `path` (for the page's params).
 */
export function renderConsolePage(ui: ReactElement, { role = 'admin', route = '/', path = '*' }: { role?: StaffRole; route?: string; path?: string } = {}) {
  const signOut = jest.fn();
  return { ...renderWithProviders(<SessionContext.Provider value={{ member: member(role), signOut }}>{ui}</SessionContext.Provider>, { route, path }), signOut };
}
