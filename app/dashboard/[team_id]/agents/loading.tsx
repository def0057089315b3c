// the team skeleton, while this page's data loads (it sits beside the page, not above the
// nested routes, so their not-found answers 404 before anything streams)
export { default } from '../(overview)/loading'
