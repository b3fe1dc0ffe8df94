// Each journey's hooks start a production store and Chromium: slower than unit tests, never hanging.
jest.setTimeout(90000);
