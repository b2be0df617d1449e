export { MailList } from './MailList';
