/** The editor's icons (decorative, from the portal's icon set). */
export { FileTextOutlined as HistoryIcon, RocketOutlined, UndoOutlined } from '../../../components/icons';
