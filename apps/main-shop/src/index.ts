// The federation runtime needs an async boundary before anything loads a remote (DESIGN.md §8).
import('./bootstrap');
