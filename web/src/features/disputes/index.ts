export { MyDisputes } from './components/my-disputes';
