// The copy button as an island of its own, for server-rendered pages that need nothing else
// interactive (the /components/Copy demo). Islands that already hydrate import the component.
export { default } from '../components/CopyButton';
