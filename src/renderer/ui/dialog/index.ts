import './dialog.css';
export { Modal } from './Modal';
export { ConfirmDialog } from './ConfirmDialog';
export { FormDialog } from './FormDialog';
export type { ConfirmDialogProps } from './ConfirmDialog';
export { useFocusTrap } from './useFocusTrap';
export { RenameDialog } from './RenameDialog';
