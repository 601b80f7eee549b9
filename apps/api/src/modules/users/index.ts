export { holdAccount } from './hold-account';
