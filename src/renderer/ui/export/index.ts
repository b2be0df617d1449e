export { CsvDownloadButton } from './CsvDownloadButton';
