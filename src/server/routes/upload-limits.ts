import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/**
 * A route error handler for the upload calls: a body over the route's bodyLimit is answered 413 with
 * the call's own message (§5, e.g. 'File is too large. Maximum file size is 20MB'); every other error
 * goes on to the app's error handler.
 */
export function bodyTooLargeAs(message: string) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error;
    reply.status(413).send({ message });
  };
}
