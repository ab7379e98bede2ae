/** README.txt of the archive: what each file holds, in plain English (docs/export.md says the same). */
export function readmeText(username: string, exportedAt: string): string {
  return `DigQuest — your data
====================

This archive holds everything that is yours on DigQuest, as it was on ${exportedAt}, for the
member "${username}". Nothing of any other member is in it, except the username of the other
person in each of your messages and of the members you follow or who follow you.

You can open every file: the .json files with any text editor, finds.csv with a spreadsheet,
and the spot files with mapping programs. To bring your finds, photos and spots into another
DigQuest account or server, use Settings → "Import from a DigQuest export" there and choose
this ZIP file as it is.

Files
-----
manifest.json     What this archive is: the format, when it was made, for whom, and how many
                  records of each kind it holds.
profile.json      Your account and profile: username, e-mail address, bio, detector, interests.
                  (Your password is never exported.)
finds.json        Every find you logged, with all its details: exact position, recording details
                  (material, size, dates, depth, land use…), Treasure reporting details, and the
                  paths of its photos in this archive. One find per line.
finds.csv         The same finds as a spreadsheet, one row per find, in the columns the Portable
                  Antiquities Scheme uses (what you would hand to your Finds Liaison Officer).
photos/           Your finds' photos exactly as the server stored them: photos/<find number>/
                  <n>-<name>.<ext>. The number is the find's "id" in finds.json.
spots.json        Your spots with everything about them, including the permission record:
                  landowner, contact, dates, notes, the land's edges and excluded areas, allowed
                  days, notice, crops and the finds agreement.
spots.gpx         Your spots as GPS waypoints (GPX 1.1), for GPS units and mapping apps.
spots.kml         Your spots as placemarks for Google Earth and similar programs.
spots.geojson     Your spots as GeoJSON points, for GIS programs.
                  These three are the files the map's Export writes, with the permission
                  record included (keep them private: they name your landowners).
posts.json        Your forum posts.
comments.json     Every comment you wrote: on forum posts, finds, events, stories and in groups.
stories.json      Your wellbeing stories.
events.json       Events you organise or said you would attend.
messages.json     Messages you sent and received, with the other person's username.
groups.json       Groups you created or belong to, with your role.
follows.json      The usernames of members you follow and of those who follow you.
achievements.json The achievements you have earned or are working towards.
`;
}
