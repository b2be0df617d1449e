export { UpdateNotice } from './UpdateNotice';
