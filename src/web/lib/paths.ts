/** The SPA's page paths live in shared/ (the server builds its links from the same list). */
export { paths } from '../../shared/page-paths';
