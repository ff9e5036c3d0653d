from kg.cli import app

app(prog_name="kg")
