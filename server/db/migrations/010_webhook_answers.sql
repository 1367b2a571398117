-- Answers from non-public addresses are never kept (WebhookDispatch.responseBody). Before this rule a sandbox
-- endpoint on loopback or a private network had the first 4 KiB of each answer stored and readable through the
-- delivery history; on a hosted service that is the service's own host. Which address answered was not recorded,
-- so every stored sandbox answer goes (their status codes and times stay). Production endpoints were only ever
-- delivered to public addresses.
UPDATE webhook_dispatches d
   SET response_body = NULL
  FROM webhook_endpoints e
 WHERE e.id = d.endpoint_id
   AND e.mode = 'sandbox'
   AND d.response_body IS NOT NULL;
