export { EditorPage } from './EditorPage';
export { OfflineWhiteboardPage } from './OfflineWhiteboardPage';
