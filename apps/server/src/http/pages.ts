export { isPagePath } from '@app/domain';
