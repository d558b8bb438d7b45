-- Every stored order document carries its top-level "tags" (an empty list when the client sent
-- none), so that reading an order no longer searches each document for the key. Orders written
-- before this migration get `,"tags":[]` appended, exactly the bytes the read path used to add
-- at that position (after the client's fields). A document is a non-empty JSON object written by
-- JSON.stringify, and `"tags":` occurs in it exactly when it has top-level tags (see orderJson).
UPDATE `orders` SET `doc` = substr(`doc`, 1, length(`doc`) - 1) || ',"tags":[]}' WHERE instr(`doc`, '"tags":') = 0;
