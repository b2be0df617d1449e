export { ChatScreen } from './ChatScreen';
export { ChatConnection } from './ChatConnection';
export { MessageCreatorButton } from './MessageCreatorButton';
export { chatUnreadTotalAtom } from './chat.atoms';
