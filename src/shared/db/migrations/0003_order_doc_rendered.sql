-- Every stored order document becomes the order as the API answers it (the contract's Order, as
-- JSON text), so that reading orders is reading documents: no splicing, no join, one column.
-- Each row gets, around its client fields (0002 gave them top-level "tags"), exactly the bytes
-- the read path used to add: id, store, pickup_location (its location's address and opening
-- hours, which no operation changes), created_at and updated_at, in the contract's field order.
UPDATE `orders` SET `doc` =
  '{"id":' || json_quote(`id`) || ',"store":{"id":' || json_quote(`store_id`) || '},' || substr(`doc`, 2, length(`doc`) - 2)
  || CASE WHEN `location_id` IS NULL THEN '' ELSE
       ',"pickup_location":{"location_id":' || json_quote(`location_id`)
       || ',"address":' || coalesce((SELECT `address` FROM `locations` WHERE `locations`.`id` = `orders`.`location_id`), '{}')
       || ',"opening_hours":' || coalesce((SELECT `opening_hours` FROM `locations` WHERE `locations`.`id` = `orders`.`location_id`), '{}')
       || '}'
     END
  || ',"created_at":' || json_quote(`created_at`) || ',"updated_at":' || json_quote(`updated_at`) || '}';
