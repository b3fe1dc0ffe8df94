import { giveSetUpItsTime } from './set-up-time';

// A file's hooks open its database (PGlite migrates or loads its template, or a PostgreSQL schema)
// and seed it: they get the set-up time (set-up-time.ts). A test's 60 s catches a hang.
giveSetUpItsTime();
jest.setTimeout(60000);
