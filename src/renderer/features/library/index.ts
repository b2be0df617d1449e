export { LibraryScreen } from './LibraryScreen';
export { savedVideoIds, savedVideoPath, useSavedVideo } from './useSavedVideo';
