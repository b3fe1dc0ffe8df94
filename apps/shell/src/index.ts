// The async boundary Module Federation needs before shared modules are used (DESIGN.md §8).
import('./bootstrap');
