// PGlite starts, migrates and seeds in a few seconds per test file.
jest.setTimeout(60000);
