-- wrk script: POST /v1/play, ten moves from the start of a Songo game.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"position": "songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5:0-0:S", "moves": ["S4", "N4", "S4", "N3", "S3", "N4", "S5", "N3", "S3", "N4"]}'
