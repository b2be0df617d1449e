export { UploadLayer, AddVideosButton } from './UploadLayer';
export { uploadModalAtom } from './uploads.atoms';
export { OwnStorageForm } from './OwnStorageForm';
export { markFirstVideo } from './uploads.api';
