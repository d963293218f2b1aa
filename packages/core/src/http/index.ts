/** Requests: the one client, its envelope, errors and signatures (spec part 1 §4, §7; DESIGN §4). */
export {
  createClient,
  client,
  configureClient,
  request,
  defaultClientOptions,
  METHODS,
  type Client,
  type ClientOptions,
  type Method,
  type RequestOptions,
  type JsonOptions,
  type Relogin,
  type ReloginHandler,
} from './client.ts';
export { decodeEnvelope, envelopeMessage, type Envelope } from './envelope.ts';
export { RequestError, isRequestError, type RequestErrorKind, type FieldError } from './errors.ts';
export { verifySignature, newSignature } from './signature.ts';
export { type UploadProgress } from './transport.ts';
