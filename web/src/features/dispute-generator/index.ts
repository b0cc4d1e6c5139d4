export { DisputeGenerator } from './components/dispute-generator';
