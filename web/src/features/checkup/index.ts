// The feature's public entry: bulletproof-react names every feature's barrel index.ts.
export { CheckupWalk } from './components/checkup-walk';
