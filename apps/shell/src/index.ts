// The async boundary Module Federation needs before shared modules are used (DESIGN.md §8). The
// store's modules are evaluated in a task of their own, after the one that ran the federation runtime
// (one long task was both).
import { yieldToBrowser } from './start-up/yield';

void yieldToBrowser().then(() => import('./bootstrap'));
