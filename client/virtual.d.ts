declare module 'virtual:ui-messages/*' {
  const messages: { [key: string]: string | typeof messages };
  export default messages;
}
