import '@testing-library/jest-dom';
import { ensureLanguage } from '../../packages/shared/src/i18n';

// The store loads Portuguese on demand (before the first render in it); tests switch languages at will.
beforeAll(() => ensureLanguage('pt'));
