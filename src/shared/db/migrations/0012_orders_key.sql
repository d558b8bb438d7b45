PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_orders` (
	`key` integer PRIMARY KEY NOT NULL,
	`id` text NOT NULL,
	`store_id` text NOT NULL,
	`source_id` text NOT NULL,
	`location_id` text,
	`source_created_ms` integer NOT NULL,
	`source_updated_ms` integer NOT NULL,
	`doc` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
-- Each order's key is made from its id as rowKey (src/shared/ids.ts) makes it: the 9 base-36 digits of time
-- (milliseconds) after `ord_`, times 2^20, plus the 5 hex digits after them. The first order (by rowid) of a key
-- keeps it; the others, and ids not of that format, get a key SQLite picks (after the last), in a second pass so
-- that a picked key never takes one an id makes. They are found through the id index.
CREATE TEMP TABLE `__order_keys` AS
  SELECT `rowid` AS `old`, CASE WHEN ROW_NUMBER() OVER (PARTITION BY `k` ORDER BY `rowid`) = 1 THEN `k` END AS `key`
  FROM (
    SELECT `rowid`, CASE WHEN length(`id`) = 33 AND substr(`id`, 1, 4) = 'ord_'
      AND substr(`id`, 5, 9) NOT GLOB '*[^0-9a-z]*' AND substr(`id`, 14) NOT GLOB '*[^0-9a-f]*'
      AND `t` < 8796093022208 THEN `t` * 1048576 + `r` END AS `k`
    FROM (
      SELECT `rowid`, `id`,
        (instr('0123456789abcdefghijklmnopqrstuvwxyz', substr(`id`, 5, 1)) - 1) * 2821109907456
          + (instr('0123456789abcdefghijklmnopqrstuvwxyz', substr(`id`, 6, 1)) - 1) * 78364164096
          + (instr('0123456789abcdefghijklmnopqrstuvwxyz', substr(`id`, 7, 1)) - 1) * 2176782336
          + (instr('0123456789abcdefghijklmnopqrstuvwxyz', substr(`id`, 8, 1)) - 1) * 60466176
          + (instr('0123456789abcdefghijklmnopqrstuvwxyz', substr(`id`, 9, 1)) - 1) * 1679616
          + (instr('0123456789abcdefghijklmnopqrstuvwxyz', substr(`id`, 10, 1)) - 1) * 46656
          + (instr('0123456789abcdefghijklmnopqrstuvwxyz', substr(`id`, 11, 1)) - 1) * 1296
          + (instr('0123456789abcdefghijklmnopqrstuvwxyz', substr(`id`, 12, 1)) - 1) * 36
          + (instr('0123456789abcdefghijklmnopqrstuvwxyz', substr(`id`, 13, 1)) - 1) AS `t`,
        (instr('0123456789abcdef', substr(`id`, 14, 1)) - 1) * 65536
          + (instr('0123456789abcdef', substr(`id`, 15, 1)) - 1) * 4096
          + (instr('0123456789abcdef', substr(`id`, 16, 1)) - 1) * 256
          + (instr('0123456789abcdef', substr(`id`, 17, 1)) - 1) * 16
          + (instr('0123456789abcdef', substr(`id`, 18, 1)) - 1) AS `r`
      FROM `orders`
    )
  );--> statement-breakpoint
INSERT INTO `__new_orders`("key", "id", "store_id", "source_id", "location_id", "source_created_ms", "source_updated_ms", "doc", "created_at", "updated_at")
  SELECT k.`key`, o."id", o."store_id", o."source_id", o."location_id", o."source_created_ms", o."source_updated_ms", o."doc", o."created_at", o."updated_at"
  FROM `__order_keys` k JOIN `orders` o ON o.`rowid` = k.`old` WHERE k.`key` IS NOT NULL ORDER BY k.`key`;--> statement-breakpoint
INSERT INTO `__new_orders`("key", "id", "store_id", "source_id", "location_id", "source_created_ms", "source_updated_ms", "doc", "created_at", "updated_at")
  SELECT NULL, o."id", o."store_id", o."source_id", o."location_id", o."source_created_ms", o."source_updated_ms", o."doc", o."created_at", o."updated_at"
  FROM `__order_keys` k JOIN `orders` o ON o.`rowid` = k.`old` WHERE k.`key` IS NULL ORDER BY k.`old`;--> statement-breakpoint
DROP TABLE `__order_keys`;--> statement-breakpoint
DROP TABLE `orders`;--> statement-breakpoint
ALTER TABLE `__new_orders` RENAME TO `orders`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_id_unique` ON `orders` (`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_store_source` ON `orders` (`store_id`,`source_id`);--> statement-breakpoint
CREATE INDEX `orders_store_source_created` ON `orders` (`store_id`,`source_created_ms`,`id`);--> statement-breakpoint
CREATE INDEX `orders_store_source_updated` ON `orders` (`store_id`,`source_updated_ms`,`id`);