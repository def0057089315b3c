export { default } from '../(detail)/loading'
