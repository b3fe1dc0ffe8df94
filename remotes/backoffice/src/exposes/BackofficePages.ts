import type { PagesOf } from '@preloved/shared';
import { AuditPage } from '../features/audit/AuditPage';
import { BrandStockPage } from '../features/brand-stock/BrandStockPage';
import { TradeInsPage } from '../features/trade-in/TradeInsPage';
import { CodesPage } from '../features/codes/CodesPage';
import { CustomerPage } from '../features/customers/CustomerPage';
import { CustomersPage } from '../features/customers/CustomersPage';
import { DisputePage } from '../features/disputes/DisputePage';
import { DisputesPage } from '../features/disputes/DisputesPage';
import { FiguresPage } from '../features/figures/FiguresPage';
import { ConsoleFrame, ConsoleHome } from '../features/frame/ConsoleFrame';
import { InvitationPage } from '../features/invitation/InvitationPage';
import { ModerationPage } from '../features/moderation/ModerationPage';
import { PayoutsPage } from '../features/payouts/PayoutsPage';
import { SettingsPage } from '../features/settings/SettingsPage';
import { SignInPage } from '../features/sign-in/SignInPage';
import { StaffPage } from '../features/staff/StaffPage';
import { ParcelPage } from '../features/verification/ParcelPage';
import { VerificationPage } from '../features/verification/VerificationPage';
import '../i18n';

/**
 * The back office's pages, by the keys the shell's route table uses (`/backoffice/*`, apps/shell's
 * routes/table.tsx): `frame` holds the others (the session and the sections the member's role opens).
 */
export const pages: PagesOf<'backoffice', 'BackofficePages'> = {
  frame: { Component: ConsoleFrame },
  home: { Component: ConsoleHome },
  'sign-in': { Component: SignInPage },
  invitation: { Component: InvitationPage },
  disputes: { Component: DisputesPage },
  dispute: { Component: DisputePage },
  verification: { Component: VerificationPage },
  parcel: { Component: ParcelPage },
  moderation: { Component: ModerationPage },
  payouts: { Component: PayoutsPage },
  codes: { Component: CodesPage },
  customers: { Component: CustomersPage },
  customer: { Component: CustomerPage },
  figures: { Component: FiguresPage },
  audit: { Component: AuditPage },
  staff: { Component: StaffPage },
  settings: { Component: SettingsPage },
  'brand-stock': { Component: BrandStockPage },
  'trade-ins': { Component: TradeInsPage },
};
