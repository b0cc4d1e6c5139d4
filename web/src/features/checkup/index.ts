export { CheckupWalk } from './components/checkup-walk';
