// The feature's public entry: bulletproof-react names every feature's barrel index.ts.
export { DisputeGenerator } from './components/dispute-generator';
