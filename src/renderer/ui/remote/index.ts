export { RemoteView } from './RemoteView';
import './remote.css';
