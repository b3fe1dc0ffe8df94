// Each journey's hooks start a production store and Chromium: slower than unit tests, never hanging.
// E2E_TIMEOUT_MS: longer on a machine under heavy load (a fresh store's start passed 90 s at a load of 40).
jest.setTimeout(Number(process.env.E2E_TIMEOUT_MS ?? 90000));
