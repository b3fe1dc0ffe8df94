// The browser's entry after the async boundary (index.ts): the start-up, in its order, is start-up/browser.tsx.
import { startInBrowser } from './start-up/browser';

startInBrowser();
