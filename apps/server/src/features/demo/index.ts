/** The demo data's public face: the only module the wiring (main.ts, cli.ts) imports. */
export { formatLogins, seedDemo, type DemoLogin } from './demo-seed';
