/** The settings feature's public face: the only module the app and other features import. */
export { SettingsRoute } from './routes/settings';
