import { giveSetUpItsTime } from './set-up-time';

// A journey file's hooks start (or reach) a production store and Chromium: they get the set-up time
// (set-up-time.ts), since a store's start passed 90 s at a load of 40. A test keeps its limit, slower
// than a unit test's, never hanging; E2E_TIMEOUT_MS: longer on a machine under heavy load.
giveSetUpItsTime();
jest.setTimeout(Number(process.env.E2E_TIMEOUT_MS ?? 90000));
