/** The books feature's public face: the only module other features and the wiring import. */
export { checkBooks, type BooksReport, type BooksViolation, type ClawBack } from './books-check';
