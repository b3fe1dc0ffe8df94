import { BACKOFFICE_SECTIONS, type BackofficeSection, type StaffMember } from '@preloved/contract';
import { createContext, useContext } from 'react';

/** The signed-in member of staff, for every page of the console inside the frame. */
export interface ConsoleSession {
  member: StaffMember;
  /** Signs out: the session is revoked and the sign-in page opens. */
  signOut: () => void;
}

export const SessionContext = createContext<ConsoleSession | null>(null);

/** The member signed in; only pages inside the frame's signed-in part call it. */
export function useStaff(): ConsoleSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useStaff outside the console frame');
  return session;
}

/** The console's sections, in the order the navigation lists them. */
export const SECTIONS = Object.keys(BACKOFFICE_SECTIONS) as BackofficeSection[];

/** Whether the member's role opens `section` (the API checks the same on every route). */
export function opens(member: StaffMember, section: BackofficeSection): boolean {
  return (BACKOFFICE_SECTIONS[section] as readonly string[]).includes(member.role);
}
