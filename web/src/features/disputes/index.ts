// The feature's public entry: bulletproof-react names every feature's barrel index.ts.
export { MyDisputes } from './components/my-disputes';
